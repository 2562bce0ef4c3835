import { useEffect, useMemo, useState } from 'react';

type Estimator = (password: string) => number;

let loading: Promise<Estimator> | null = null;

/**
 * zxcvbn-ts and its dictionaries weigh several hundred kilobytes, so they load on first use
 * (the password screens), never with the first page.
 */
function loadEstimator(): Promise<Estimator> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
    .then(([core, common, en]) => {
      const factory = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      });
      // zxcvbn scores 0 to 4; the product shows 1 to 5 (spec §5).
      return (password: string) => factory.check(password).score + 1;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Strength of a password on the spec's 1–5 scale; null while the estimator loads or when empty. */
export function usePasswordStrength(password: string): number | null {
  const [estimate, setEstimate] = useState<{ estimator: Estimator } | null>(null);
  useEffect(() => {
    let live = true;
    loadEstimator().then(
      (estimator) => {
        if (live) setEstimate({ estimator });
      },
      () => {
        // Without the estimator the bar stays empty; the rules checklist still guides the user.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return useMemo(
    () => (estimate && password.length > 0 ? estimate.estimator(password) : null),
    [estimate, password],
  );
}
