// @ts-check
/** `npm run build` after tsc: the output schemas (lib/output-schemas.js) into dist/nodes/<Node>/__schema__/. */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT } = require('./lib/node24');
const { schemaFiles } = require('./lib/output-schemas');

let written = 0;
for (const nodeFile of /** @type {string[]} */ (require('../package.json').n8n.nodes)) {
	const absolute = path.join(ROOT, nodeFile);
	const className = path.basename(nodeFile, '.node.js');
	const NodeClass = require(absolute)[className];
	const schemaDir = path.join(path.dirname(absolute), '__schema__');
	fs.rmSync(schemaDir, { recursive: true, force: true });
	for (const [file, schema] of schemaFiles(new NodeClass().description)) {
		const target = path.join(schemaDir, file);
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.writeFileSync(target, `${JSON.stringify(schema)}\n`);
		written++;
	}
}
console.log(`Output schemas: ${written} files written under dist/nodes/*/__schema__/`);
