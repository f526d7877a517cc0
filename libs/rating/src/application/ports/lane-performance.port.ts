/** A service level's record on one lane of one team, as quotes show it. */
export interface LaneServiceRecord {
  readonly carrier: string;
  readonly service: string;
  readonly delivered: number;
  readonly onTime: number;
}

/**
 * The running sums of carrier performance (written when shipments reach a final status, docs/adr/0084),
 * read for one lane: origin and destination city keys (the address rules' folding) since a day.
 * Read on every quote, so an answer may be up to a second old.
 */
export interface LanePerformancePort {
  lane(teamId: string, originCityKey: string, destinationCityKey: string, sinceDay: string): Promise<LaneServiceRecord[]>;
}

export const LANE_PERFORMANCE = Symbol('LANE_PERFORMANCE');
