/** The last failed data call, shown in the error page's report (spec §2 Error page). */
export interface FailedRequest {
  method: string;
  url: string;
  status: number;
  message: string;
}

let lastFailure: FailedRequest | null = null;
let previousUrl = '';

export const failedRequest = {
  set(f: FailedRequest) {
    lastFailure = f;
  },
  get: () => lastFailure,
  clear() {
    lastFailure = null;
  },
};

/** The in-app address before the current one, kept by the router listener. */
export const navigationTrail = {
  record(url: string) {
    previousUrl = url;
  },
  previous: () => previousUrl,
};
