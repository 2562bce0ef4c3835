import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // `npm run dev` names the API's port; the server answers /api (help pages join it later).
    proxy: { '/api': `http://localhost:${process.env.CAIRN_API_PORT ?? '3000'}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The password-strength dictionary (about 1.2 MB) is one lazy chunk, loaded only on password screens.
    chunkSizeWarningLimit: 1400,
  },
});
