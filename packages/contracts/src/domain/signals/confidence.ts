import { CONFIDENCE_DEFAULT } from '../common/constants';

// Signal confidence, as the terminal's signal dialog shows it: a 0–100 figure with a label scale; a
// missing value counts as 75.

export type ConfidenceLabel = 'Very High' | 'High' | 'Good' | 'Medium' | 'Low' | 'Very Low';

/** The stored figure, or 75 when missing or not a number; kept within 0–100. */
export function normalizeConfidence(value: number | string | null | undefined): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return CONFIDENCE_DEFAULT;
  return Math.min(100, Math.max(0, n));
}

/** 90+ Very High, 80+ High, 70+ Good, 60+ Medium, 50+ Low, below that Very Low. */
export function confidenceLabel(value: number | string | null | undefined): ConfidenceLabel {
  const n = normalizeConfidence(value);
  if (n >= 90) return 'Very High';
  if (n >= 80) return 'High';
  if (n >= 70) return 'Good';
  if (n >= 60) return 'Medium';
  if (n >= 50) return 'Low';
  return 'Very Low';
}

/** Colour role of a confidence figure: strong (70+), fair (50+) or weak. */
export function confidenceTone(value: number | string | null | undefined): 'strong' | 'fair' | 'weak' {
  const n = normalizeConfidence(value);
  if (n >= 70) return 'strong';
  if (n >= 50) return 'fair';
  return 'weak';
}
