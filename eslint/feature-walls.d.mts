export const KERNEL: string[];
export const FEATURE_LAYERS: string[];
export function featureWallZones(
  root: string,
): { target: string; from: string; except?: string[]; message: string }[];
