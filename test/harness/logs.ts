/**
 * What a node logs through `this.logger`, kept per harness call instead of printed.
 *
 * n8n's logger writes to the console (jest shows each line as a `console.log` block). A test that
 * provokes a warning on purpose (a refused webhook delivery, say) asks the harness to capture it
 * (`captureLogs: true`) and asserts the lines in the result's `logged`; every other call logs as
 * n8n would, so a warning nobody expected still shows in the test output.
 */
import type { Logger as BackendLogger } from '@n8n/backend-common';
import type { LogMetadata, Logger } from 'n8n-workflow';

export type LoggedLevel = keyof Logger;

export interface LoggedLine {
	level: LoggedLevel;
	message: string;
	metadata?: LogMetadata;
}

/** A logger for one call: every line, whatever n8n's log level, goes into `lines`. */
export function capturingLogger(lines: LoggedLine[]): BackendLogger {
	const at =
		(level: LoggedLevel) =>
		(message: string, metadata?: LogMetadata): void => {
			lines.push(metadata === undefined ? { level, message } : { level, message, metadata });
		};
	const logger: Logger = {
		error: at('error'),
		warn: at('warn'),
		info: at('info'),
		debug: at('debug'),
	};
	// Nodes see n8n-workflow's Logger (these four methods); n8n-core types the same getter as the
	// backend's Logger class, which adds what only n8n's own services call.
	return logger as unknown as BackendLogger;
}
