#!/usr/bin/env node
// The built CLI (npm run build -w @meritmatch/web-server): plain JavaScript, no tsx.
await import('../dist/cli.js');
