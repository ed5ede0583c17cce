import { createHmac, timingSafeEqual } from 'node:crypto';

export class SignatureError extends Error {}
export class PayloadError extends Error {}

export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: Date;
  data: Record<string, unknown>;
}

export const DEFAULT_TOLERANCE_SECONDS = 300;

export function sign(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp = NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't') timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new SignatureError('malformed signature header');
  }
  return { timestamp, signatures };
}

export function verifyAndParse(
  payload: string,
  header: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): WebhookEvent {
  const { timestamp, signatures } = parseSignatureHeader(header);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    throw new SignatureError('timestamp outside tolerance');
  }
  const expected = Buffer.from(sign(payload, secret, timestamp), 'hex');
  const valid = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new SignatureError('signature mismatch');

  let body: any;
  try {
    body = JSON.parse(payload);
  } catch {
    throw new PayloadError('payload is not valid JSON');
  }
  if (typeof body.id !== 'string' || typeof body.type !== 'string' || typeof body.created !== 'number') {
    throw new PayloadError('missing id, type or created');
  }
  return { id: body.id, type: body.type, createdAt: new Date(body.created * 1000), data: body.data ?? {} };
}
