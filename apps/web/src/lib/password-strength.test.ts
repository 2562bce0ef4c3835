import { describe, expect, it } from 'vitest';
import { loadEstimator } from './password-strength.ts';

describe('the password meter in the user’s language (issue 34)', () => {
  it('rates a password of French words weaker for a French user, who gets the French dictionary', async () => {
    const [english, french] = await Promise.all([loadEstimator('en'), loadEstimator('fr')]);
    for (const password of ['mercredichaussure', 'Papillonfromage2', 'grenouillechaussette']) {
      expect(french(password), password).toBeLessThan(english(password));
    }
  });

  it('keeps the English dictionary for a French user: English words are no stronger in French', async () => {
    const [english, french] = await Promise.all([loadEstimator('en'), loadEstimator('fr')]);
    for (const password of ['sunshinebutterfly', 'Password123', 'correcthorse'])
      expect(french(password), password).toBe(english(password));
    expect(english('sunshinebutterfly')).toBeLessThan(english('q7#Vz!m2Lr9&xW'));
  });

  it('builds each language once', () => {
    expect(loadEstimator('fr')).toBe(loadEstimator('fr'));
    expect(loadEstimator('fr')).not.toBe(loadEstimator('en'));
  });
});
