import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // `@kindred/shared` resolves to its TypeScript source through its `source` export condition.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  preview: {
    port: 3000,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: they change far less often than the app's own code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            // Leaflet stays out: it loads only with a map.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!leaflet[\\/]|react-leaflet[\\/]|@react-leaflet[\\/])/,
            },
          ],
        },
      },
    },
  },
});
