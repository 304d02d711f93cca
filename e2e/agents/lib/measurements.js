// @ts-check
/** What a model is handed, measured: `--record` writes it for `npm run docs` (docs/ai-agents.md). */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT } = require('../../../scripts/lib/runtime');

const MODEL_OUTPUT_FILE = path.join(ROOT, 'docs', 'measurements', 'model-output.json');

/** @type {{ lists: Array<{ list: string; records: number; raw: number; simplified: number }>; orders: Array<{ case: string; records: number | null; total: number | null; characters: number; refused: boolean }> }} */
const modelOutput = { lists: [], orders: [] };

/** @param {string} n8nLabel */
function writeModelOutput(n8nLabel) {
	const command = 'node e2e/agents/run.js --record';
	const file = { measured_at: new Date().toISOString(), n8n: n8nLabel, command, ...modelOutput };
	fs.writeFileSync(MODEL_OUTPUT_FILE, `${JSON.stringify(file, null, '\t')}\n`);
	return MODEL_OUTPUT_FILE;
}

module.exports = { modelOutput, writeModelOutput };
