/**
 * Process environment for n8n-core, applied before any n8n package is loaded.
 *
 * `index.ts` imports this module first. n8n's `@Config` classes (InstanceSettingsConfig,
 * BinaryDataConfig, SsrfProtectionConfig, ...) read `process.env` when the DI container first
 * instantiates them, and `InstanceSettings` then creates `<N8N_USER_FOLDER>/.n8n/config`
 * (it would otherwise write into the real `~/.n8n`). Every value set here is only a default:
 * a variable already present in the environment wins.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const HARNESS_ENV_DEFAULTS: Readonly<Record<string, string>> = {
	/** Fixed key, so `InstanceSettings` neither generates one nor logs about it. */
	N8N_ENCRYPTION_KEY: 'n8n-nodes-event-registration-test-harness-key',
	/** Binary data stays inline (base64 in the item), no filesystem/S3 manager. */
	N8N_DEFAULT_BINARY_DATA_MODE: 'default',
	/** Requests go to a sandbox on 127.0.0.1, which n8n's SSRF guard would block. */
	N8N_SSRF_PROTECTION_ENABLED: 'false',
	N8N_DIAGNOSTICS_ENABLED: 'false',
	N8N_LOG_LEVEL: 'warn',
};

/**
 * Removal after the test file (Jest's `afterAll`; inside Jest `process` is a per-file sandbox
 * object whose `exit` event never fires), or at process exit outside Jest.
 */
function removeWhenDone(folder: string): void {
	const remove = (): void => rmSync(folder, { recursive: true, force: true });
	if (typeof afterAll === 'function') afterAll(remove);
	else process.once('exit', remove);
}

function createTemporaryUserFolder(): string {
	const folder = mkdtempSync(path.join(tmpdir(), 'n8n-harness-'));
	removeWhenDone(folder);
	return folder;
}

function applyHarnessEnvironment(): void {
	if (process.env.N8N_USER_FOLDER === undefined) {
		process.env.N8N_USER_FOLDER = createTemporaryUserFolder();
	}
	for (const [name, value] of Object.entries(HARNESS_ENV_DEFAULTS)) {
		if (process.env[name] === undefined) process.env[name] = value;
	}
}

applyHarnessEnvironment();

export const HARNESS_USER_FOLDER: string = process.env.N8N_USER_FOLDER as string;
