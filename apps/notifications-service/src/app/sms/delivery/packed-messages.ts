import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { cancelledSmsSchema, outboundSmsSchema, type InflightSms, type OutboundSms } from './outbound-message';

/**
 * The messages of an in-flight chunk as stored in its entry: one JSON array, deflated. The entry
 * is written with every claim, before the claims, and the chunk's messages as JSON strings were the largest write of a wave (about
 * 250 bytes per message, 2 MB for a large wave); a campaign's messages differ in a few
 * characters each, so deflate makes them about a twentieth of that, in well under a millisecond
 * per chunk. Read only when a chunk is taken over.
 */
export function packMessages(messages: readonly InflightSms[]): Buffer {
  return deflateRawSync(Buffer.from(JSON.stringify(messages.map(storedForm)), 'utf8'), { level: 1 });
}

/** The messages of a packed entry, cancelled ones included; ones that do not parse are left out (never sent). */
export function unpackMessages(packed: Uint8Array | { value(): Uint8Array }): InflightSms[] {
  // A driver's read gives a BSON Binary (its bytes: value()); a Buffer as written.
  const bytes = packed instanceof Uint8Array ? packed : packed.value();
  let list: unknown;
  try {
    list = JSON.parse(inflateRawSync(bytes).toString('utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): InflightSms[] => {
    const parsed = outboundSmsSchema.safeParse(entry);
    if (parsed.success) return [parsed.data];
    const cancelled = cancelledSmsSchema.safeParse(entry);
    return cancelled.success ? [cancelled.data] : [];
  });
}

/** One message as JSON text (a dead letter keeps its message so; a cancelled one cannot be re-driven: `parseMessageJson` refuses it). */
export function messageJson(message: OutboundSms): string {
  return JSON.stringify(storedForm(message));
}

/** A message's JSON text back (a dead letter's, or an entry written before entries were packed). */
export function parseMessageJson(json: string): OutboundSms | undefined {
  try {
    const parsed = outboundSmsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The fields of `InflightSms` only (a claimed message carries `inDoubt` too). */
function storedForm(message: InflightSms): InflightSms {
  const { id, campaignId, messageType, to, text, encoding, segments, candidateCode, cancelled } = message;
  return { id, campaignId, messageType, to, text, encoding, segments, ...(candidateCode ? { candidateCode } : {}), ...(cancelled ? { cancelled } : {}) };
}
