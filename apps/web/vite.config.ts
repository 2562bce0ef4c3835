import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The password-strength dictionary (about 1.2 MB) is one lazy chunk, loaded only on password screens.
    chunkSizeWarningLimit: 1400,
  },
});
