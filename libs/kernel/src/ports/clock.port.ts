/** The time now: one port, so that every use case can be run at a chosen instant in its specs. */
export interface ClockPort {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');
