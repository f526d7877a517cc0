import { randomUUID } from 'node:crypto';
import { formatLegacyDate } from '../../shared/sandbox';

export interface BahrFault {
  FaultCode: string;
  FaultString: string;
}

/** Bahr wraps every answer, faults included, in an envelope delivered with HTTP 200. */
export function envelope(body: unknown, fault: BahrFault | null = null) {
  return {
    Envelope: {
      Header: { MessageId: randomUUID(), Timestamp: formatLegacyDate(new Date()) },
      Body: fault ? null : body,
      Fault: fault,
    },
  };
}

export const fault = (FaultCode: string, FaultString: string) => envelope(null, { FaultCode, FaultString });
