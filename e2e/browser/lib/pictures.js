// @ts-check
/** The docs' pictures: their file names, their folder (docs/images for `npm run docs:images`, else a temporary one), their check. */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { ROOT } = require('../../../scripts/lib/runtime');
const { loadExamples } = require('../../../scripts/lib/workflows');

const DOCS_IMAGES = path.join(ROOT, 'docs', 'images');
/** Together at most this much in docs/images (issue 29): a clone and the docs stay light. */
const MAX_TOTAL_BYTES = 3 * 1024 * 1024;
/** What a picture may weigh and measure to count as taken (a blank or broken page is far smaller). */
const PICTURE_LIMITS = { minBytes: 8 * 1024, maxBytes: 600 * 1024, minWidth: 400, minHeight: 250 };
/** The viewport the pictures are taken in: legible in a README, light as PNG. */
const PICTURE_VIEWPORT = { width: 1280, height: 800 };

/** The AI examples' chat model gets one in the pictures (nothing runs it), so it shows no warning. */
const MODEL_CREDENTIAL = { id: 'picturesOpenAi', name: 'OpenAI account', type: 'openAiApi' };
const PICTURE_CREDENTIALS = [{ ...MODEL_CREDENTIAL, data: { apiKey: 'sk-pictures-never-used' } }];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Every picture the command writes, by file name: each example's `example-<name>.png` too. */
function pictureNames() {
	const names = ['credential-oauth2', 'credential-token', 'action-node', 'webhook-trigger'];
	names.push('order-trigger', 'human-review', 'output-schema-preview');
	const examples = loadExamples().map(({ file }) => `example-${file.slice(0, -'.json'.length)}`);
	return [...names, ...examples].map((name) => `${name}.png`);
}

/** As a user has it after following its sticky note, the chat model's credential picked too. @param {any} prepared */
function picturedExample(prepared) {
	for (const node of prepared.nodes)
		if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
			node.credentials = { openAiApi: { id: MODEL_CREDENTIAL.id, name: MODEL_CREDENTIAL.name } };
	return prepared;
}

/** @param {string} file @returns {{ bytes: number; problem?: string }} */
function inspectPng(file) {
	if (!fs.existsSync(file)) return { bytes: 0, problem: `${file} was not written` };
	const data = fs.readFileSync(file);
	const bytes = data.length;
	const png =
		data.subarray(0, 8).equals(PNG_SIGNATURE) && data.toString('latin1', 12, 16) === 'IHDR';
	if (bytes < 24 || !png) return { bytes, problem: `${file} is not a PNG` };
	const [width, height] = [data.readUInt32BE(16), data.readUInt32BE(20)];
	const { minBytes, maxBytes, minWidth, minHeight } = PICTURE_LIMITS;
	const size = `${width}×${height}, ${bytes} bytes`;
	if (bytes < minBytes || bytes > maxBytes)
		return { bytes, problem: `${file} weighs ${size}; expected ${minBytes} to ${maxBytes} bytes` };
	const small = width < minWidth || height < minHeight;
	const problem = `${file} measures ${size}; expected at least ${minWidth}×${minHeight}`;
	return small ? { bytes, problem } : { bytes };
}

/** `--pictures=<dir>` (relative to the repo), else a new temporary folder. @param {string[]} args */
function picturesDir(args) {
	const given = args.find((arg) => arg.startsWith('--pictures='))?.slice('--pictures='.length);
	if (!given)
		return { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'er-pictures-')), temporary: true };
	const dir = path.resolve(ROOT, given);
	fs.mkdirSync(dir, { recursive: true });
	return { dir, temporary: false };
}

module.exports = {
	DOCS_IMAGES,
	MAX_TOTAL_BYTES,
	PICTURE_CREDENTIALS,
	PICTURE_VIEWPORT,
	inspectPng,
	picturedExample,
	pictureNames,
	picturesDir,
};
