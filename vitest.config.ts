import { defineConfig } from 'vitest/config';

// One project per layer: pure rules and data/server tests run in node (fake-indexeddb needs
// structuredClone), components in happy-dom.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['tests/domain/**/*.test.ts', 'tests/i18n/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'data', include: ['tests/data/**/*.test.ts'], environment: 'node', setupFiles: ['tests/data/setup.ts'] } },
      { test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'components', include: ['tests/components/**/*.test.tsx'], environment: 'happy-dom', setupFiles: ['tests/components/setup.ts'] } },
    ],
  },
});
