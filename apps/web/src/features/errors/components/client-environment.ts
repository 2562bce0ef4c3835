/** Browser and operating system named from the user agent, plainly enough for a support report. */
export function describeUserAgent(userAgent: string): { browser: string | null; os: string | null } {
  return { browser: browserOf(userAgent), os: osOf(userAgent) };
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
];

function browserOf(ua: string): string | null {
  for (const [name, pattern] of BROWSERS) {
    const match = ua.match(pattern);
    if (match) return `${name} ${match[1]}`;
  }
  return null;
}

function osOf(ua: string): string | null {
  const windows = ua.match(/Windows NT ([\d.]+)/);
  if (windows) return `Windows NT ${windows[1]}`;
  const ios = ua.match(/(?:iPhone|iPad|iPod).*? OS ([\d_]+)/);
  if (ios) return `iOS ${ios[1]!.replace(/_/g, '.')}`;
  const mac = ua.match(/Mac OS X ([\d_.]+)/);
  if (mac) return `macOS ${mac[1]!.replace(/_/g, '.')}`;
  const android = ua.match(/Android ([\d.]+)/);
  if (android) return `Android ${android[1]}`;
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}
