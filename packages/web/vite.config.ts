import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web.ts reads it to add up the JavaScript each page needs
    manifest: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
});
