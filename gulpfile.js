const { dest, parallel, src } = require('gulp');

/** Copies the SVG icons into dist/icons, where compiled nodes and credentials reference them. */
function copyIcons() {
	return src('icons/*.svg', { encoding: false }).pipe(dest('dist/icons'));
}

/** Copies each node's codex file (categories, documentation links) next to the compiled node. */
function copyCodex() {
	return src('nodes/**/*.node.json', { base: '.' }).pipe(dest('dist'));
}

exports['build:icons'] = parallel(copyIcons, copyCodex);
