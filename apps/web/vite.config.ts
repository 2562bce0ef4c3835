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
    rolldownOptions: {
      output: {
        // A catalogue's chunk names its language and area (locale-fr-clients-<hash>.js): the
        // journeys check which ones a screen fetches (issue 34: catalogues per route).
        chunkFileNames: (chunk) => {
          const catalogue = chunk.facadeModuleId?.match(/locales\/([^/]+)\/([^/]+)\.json$/);
          return catalogue
            ? `assets/locale-${catalogue[1]}-${catalogue[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
