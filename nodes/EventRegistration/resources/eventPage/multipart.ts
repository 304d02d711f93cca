import { randomBytes } from 'crypto';

import type { MultipartBody } from '../../../shared/transport';

/** Encodes fields and files as multipart/form-data (built by hand: node code has no runtime dependencies). */
export function encodeMultipart(
	fields: Record<string, string>,
	files: Array<{ field: string; fileName: string; mimeType: string; data: Buffer }>,
	// Random, so no value can be written to close a part and open another.
	boundary = `----n8nEventRegistration${randomBytes(16).toString('hex')}`,
): MultipartBody {
	const chunks: Buffer[] = [];
	const quote = (value: string) => value.replace(/["\r\n]/g, '_');
	const carriesBoundary = [...Object.values(fields), ...files.map((file) => file.data)].some(
		(value) => value.includes(boundary),
	);
	if (carriesBoundary)
		throw new Error('A multipart value contains the multipart boundary; it was not sent');
	for (const [name, value] of Object.entries(fields)) {
		chunks.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`,
			),
		);
	}
	for (const file of files) {
		chunks.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.fileName)}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
			),
			file.data,
			Buffer.from('\r\n'),
		);
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`));
	return {
		contentType: `multipart/form-data; boundary=${boundary}`,
		buffer: Buffer.concat(chunks),
	};
}
