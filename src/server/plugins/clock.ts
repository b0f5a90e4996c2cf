/** The only source of "now" for the server; tests pass a controllable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can move. */
export interface ControllableClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export const isControllable = (c: Clock): c is ControllableClock =>
  typeof (c as Partial<ControllableClock>).set === 'function' && typeof (c as Partial<ControllableClock>).advance === 'function';

/** Real time shifted by an offset a browser test can change (TEST_CLOCK=on; never in production). */
export class OffsetClock implements ControllableClock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  set(at: Date | string): void {
    this.offset = new Date(at).getTime() - Date.now();
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

/** A clock for tests: starts at `start` and moves only when told. */
export class ManualClock implements ControllableClock {
  private current: number;
  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
