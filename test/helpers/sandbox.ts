/** The sandbox's type as the tests use it, and one sandbox per test file. */
import { startSandbox } from '../sandbox';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
export type SandboxOptions = Parameters<typeof startSandbox>[0];

/**
 * Starts a sandbox for the file and resets its faults and request log before each test.
 * Returns a getter, as the sandbox exists only once `beforeAll` ran.
 */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, ...options });
	});
	afterAll(async () => {
		await sandbox?.stop();
	});
	beforeEach(() => {
		sandbox?.control.resetFaults();
		sandbox?.control.clearRequests();
	});
	return () => {
		if (!sandbox) throw new Error('sandbox not started');
		return sandbox;
	};
}
