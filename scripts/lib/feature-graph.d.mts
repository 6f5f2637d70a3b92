/** feature → (imported feature → files that import it) */
export type FeatureEdges = Map<string, Map<string, string[]>>;
export function listFeatures(root: string): string[];
export function featureEdges(root: string): FeatureEdges;
export function twoWayPairs(edges: FeatureEdges): [string, string][];
export function cycleGroups(edges: FeatureEdges): string[][];
