// @ts-check
/** Removes the given folders (cross-platform `rm -rf` for npm scripts). */
const { rmSync } = require('node:fs');

for (const dir of process.argv.slice(2)) rmSync(dir, { recursive: true, force: true });
