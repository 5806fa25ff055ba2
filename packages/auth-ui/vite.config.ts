// `npm run build --workspace @keepsake/auth-ui`: the package as ES modules in dist/ (library mode), one file per
// entry with shared chunks, React and the auth SDK left to the app's bundler. Inside this repository the
// package is consumed from source (package.json exports), like @keepsake/auth-js.
import { defineConfig } from 'vite';

const src = new URL('./src/', import.meta.url).pathname;

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    lib: {
      entry: {
        index: `${src}index.ts`,
        core: `${src}core.ts`,
        otp: `${src}products/otp/index.ts`,
        passkeys: `${src}products/passkeys/index.ts`,
        'email-magic-links': `${src}products/email-magic-links/index.ts`,
        passwords: `${src}products/passwords/index.ts`,
        crypto: `${src}products/crypto/index.ts`,
        oauth: `${src}products/oauth/index.ts`,
        react: `${src}react/index.ts`,
      },
      formats: ['es'],
    },
    rolldownOptions: { external: [/^react($|\/)/, /^@keepsake\/auth-js($|\/)/] },
  },
});
