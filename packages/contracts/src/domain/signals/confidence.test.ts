import { describe, expect, it } from 'vitest';
import { confidenceLabel, confidenceTone, normalizeConfidence } from './confidence';

describe('confidence', () => {
  it('labels each band at its lower bound', () => {
    expect(confidenceLabel(100)).toBe('Very High');
    expect(confidenceLabel(90)).toBe('Very High');
    expect(confidenceLabel(89.9)).toBe('High');
    expect(confidenceLabel(80)).toBe('High');
    expect(confidenceLabel(79)).toBe('Good');
    expect(confidenceLabel(70)).toBe('Good');
    expect(confidenceLabel(69)).toBe('Medium');
    expect(confidenceLabel(60)).toBe('Medium');
    expect(confidenceLabel(59)).toBe('Low');
    expect(confidenceLabel(50)).toBe('Low');
    expect(confidenceLabel(49)).toBe('Very Low');
    expect(confidenceLabel(0)).toBe('Very Low');
  });

  it('treats a missing or unreadable value as 75 (Good)', () => {
    expect(normalizeConfidence(undefined)).toBe(75);
    expect(normalizeConfidence(null)).toBe(75);
    expect(normalizeConfidence('')).toBe(75);
    expect(normalizeConfidence('abc')).toBe(75);
    expect(normalizeConfidence(Number.NaN)).toBe(75);
    expect(confidenceLabel(undefined)).toBe('Good');
  });

  it('reads numeric strings and keeps the figure within 0–100', () => {
    expect(normalizeConfidence('85')).toBe(85);
    expect(normalizeConfidence(140)).toBe(100);
    expect(normalizeConfidence(-5)).toBe(0);
  });

  it('gives a colour role', () => {
    expect(confidenceTone(92)).toBe('strong');
    expect(confidenceTone(55)).toBe('fair');
    expect(confidenceTone(20)).toBe('weak');
  });
});
