// Exercise scenarios: a simulated market with one planted answer, verified by the course's rules,
// its honest aftermath, and the words that explain it.
export { drawSkipReason, SKIP_REASONS } from './aftermath.js';
export { levelVisits } from './checks/level-reading.js';
export {
  bandPixelHeight,
  MIN_ZONE_PX,
  openingTimeWindow,
  placement,
  PLACEMENTS,
} from './framing.js';
export type { IndexWindow, Placement, PlacementName } from './framing.js';
export { CONTEXT_KINDS } from './families.js';
export type { ContextKind } from './families.js';
export { readReaction, ZONE_REACTIONS } from './reaction.js';
export type { ZoneReaction } from './reaction.js';
export { CONCEPTS, ScenarioError } from './scenario-types.js';
export type {
  Aftermath,
  Concept,
  ScenarioStyle,
  ZoneScenario,
  ZoneScenarioRequest,
} from './scenario-types.js';
export { baseShowsOnHourly, explainHourlyZone, hourlyBaseTimes } from './hourly-explanation.js';
export { explainZone, newYorkClock } from './zone-explanation.js';
export { generateZoneScenario } from './zone-scenario.js';
