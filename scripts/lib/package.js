// @ts-check
/** The package as users get it: packed, then where n8n looks for community packages (types as in examples/). */
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, readJson } = require('./node24');
const { runChecked } = require('./processes');

const PACKAGE_JSON = readJson('package.json');
/** @type {string} */
const PACKAGE_NAME = PACKAGE_JSON.name;
/** The flags of the docs' `npm install` into n8n's nodes folder (the custom image's RUN line). */
const NODES_FOLDER_INSTALL_FLAGS = ['--legacy-peer-deps', '--no-audit', '--no-fund'];

/** dist/, by `npm run build`. */
const build = () => runChecked('npm', ['run', 'build'], { cwd: ROOT, timeoutMs: 300000 });

/**
 * Installs the tarball as a custom n8n image does (docs/queue-mode.md): `npm install` in
 * <user folder>/.n8n/nodes (n8n-workflow, the peer dependency, is n8n's own). @param {string} tarball @param {string} userFolder
 */
async function npmInstallIntoN8n(tarball, userFolder) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	fs.mkdirSync(nodesDir, { recursive: true });
	// The manifest n8n itself keeps there: without one, npm would install into the nearest folder
	// above that has one (this repo, when the user folder is inside it).
	fs.writeFileSync(
		path.join(nodesDir, 'package.json'),
		`${JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2)}\n`,
	);
	const options = { cwd: nodesDir, timeoutMs: 300000 };
	await runChecked('npm', ['install', ...NODES_FOLDER_INSTALL_FLAGS, tarball], options);
	return path.join(nodesDir, 'node_modules', PACKAGE_NAME);
}

/** @param {string} destDir @returns {Promise<{ tarball: string; files: string[] }>} */
async function pack(destDir) {
	fs.mkdirSync(destDir, { recursive: true });
	const args = ['pack', '--json', '--pack-destination', destDir];
	const { stdout } = await runChecked('npm', args, { cwd: ROOT, timeoutMs: 120000 });
	const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
	return {
		tarball: path.join(destDir, info.filename),
		files: info.files.map((/** @type {{ path: string }} */ file) => file.path),
	};
}

/** Unpacks a tarball into dir (emptied first). @param {string} tarball @param {string} dir */
async function unpack(tarball, dir) {
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const args = ['-xzf', tarball, '-C', dir, '--strip-components=1'];
	await runChecked('tar', args, { timeoutMs: 60000 });
}

/** Unpacked as a community package (it has no dependencies). @param {string} tarball @param {string} userFolder */
async function installIntoN8n(tarball, userFolder) {
	const dir = path.join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	await unpack(tarball, dir);
	return dir;
}

/** The one place the type prefix is made. @param {string} name e.g. eventRegistration */
const nodeType = (name) => `${PACKAGE_NAME}.${name}`;

module.exports = {
	PACKAGE_JSON,
	PACKAGE_NAME,
	NODES_FOLDER_INSTALL_FLAGS,
	build,
	pack,
	unpack,
	installIntoN8n,
	npmInstallIntoN8n,
	nodeType,
};
