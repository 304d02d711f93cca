import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE_NAME = 'n8n-nodes-event-registration';

/** The repository root: the first folder above this file whose package.json is this package's. */
export function repoRoot(): string {
	for (let dir = __dirname; ; dir = path.dirname(dir)) {
		const manifest = path.join(dir, 'package.json');
		if (
			existsSync(manifest) &&
			(JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME
		)
			return dir;
		if (path.dirname(dir) === dir)
			throw new Error(`No ${PACKAGE_NAME} package.json above ${__dirname}`);
	}
}
