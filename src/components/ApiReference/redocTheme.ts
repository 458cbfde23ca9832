/**
 * Redoc's theme for each colour mode. Every foreground/background pair it produces has at least
 * 4.5:1 contrast (WCAG AA); what the theme cannot reach is set in `styles.module.css`.
 */
export function redocTheme(mode: 'light' | 'dark') {
  const dark = mode === 'dark';
  const text = dark ? '#e3e3e3' : '#1c1e21';
  const secondary = dark ? '#c5c9cf' : '#444950';
  const success = dark ? '#6fdc8c' : '#0a6b47';
  const error = dark ? '#ff9b9b' : '#b0182e';
  const warning = dark ? '#ffc46b' : '#8a4b00';
  const font = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  const setting = (main: string) => ({ main, light: main, dark: main, contrastText: '#ffffff' });
  return {
    colors: {
      tonalOffset: 0.2,
      primary: setting(dark ? '#7ab8ff' : '#0b5cab'),
      success: setting(success),
      warning: setting(warning),
      error: setting(error),
      gray: { 50: dark ? '#242526' : '#f5f6f7', 100: dark ? '#2f3033' : '#ebedf0' },
      text: { primary: text, secondary },
      border: { dark: dark ? '#606770' : '#8d949e', light: dark ? '#353b45' : '#dadde1' },
      responses: {
        success: { color: success, backgroundColor: dark ? '#1d2b22' : '#e6f4ec', tabTextColor: '#a0fbaa' },
        error: { color: error, backgroundColor: dark ? '#35201f' : '#fbe9eb', tabTextColor: '#ffb4b4' },
        redirect: { color: warning, backgroundColor: dark ? '#33281a' : '#fdf1e3', tabTextColor: '#ffd89b' },
        info: {
          color: dark ? '#7ab8ff' : '#0b5cab',
          backgroundColor: dark ? '#1c2633' : '#e7f0fa',
          tabTextColor: '#b5d8ff',
        },
      },
      http: {
        get: '#0b5cab',
        post: '#0a6b47',
        put: '#8a4b00',
        options: '#5a3d99',
        patch: '#8a4b00',
        delete: '#b0182e',
        basic: '#444950',
        link: '#0b5cab',
        head: '#5a3d99',
      },
    },
    schema: {
      linesColor: dark ? '#606770' : '#8d949e',
      typeNameColor: secondary,
      typeTitleColor: secondary,
      requireLabelColor: error,
      nestedBackground: dark ? '#242526' : '#f5f6f7',
      // "required" and the other labels under a field's name: the docs' small text, not Redoc's 0.9em of 13 px (11.7 px).
      labelsTextSize: '0.875rem',
      arrow: { size: '1.1em', color: secondary },
    },
    typography: {
      // The docs' body size (Infima's 100%), so the reference reads at the same scale.
      fontSize: '16px',
      lineHeight: '1.5em',
      fontFamily: font,
      headings: { fontFamily: font, fontWeight: '600', lineHeight: '1.4em' },
      code: {
        fontFamily: 'SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", monospace',
        // Neutral, as inline code is in the docs (styles.module.css gives it the docs' background and border).
        color: text,
        backgroundColor: dark ? '#2b2f36' : '#f3f4f6',
        // Samples scroll sideways, as the docs' code blocks do: wrapped, they broke dates and ids at a hyphen.
        wrap: false,
      },
      links: {
        color: dark ? '#7ab8ff' : '#0b5cab',
        visited: dark ? '#7ab8ff' : '#0b5cab',
        hover: dark ? '#aad2ff' : '#084077',
        textDecoration: 'underline',
        hoverTextDecoration: 'underline',
      },
    },
    sidebar: {
      backgroundColor: dark ? '#1b1b1d' : '#f5f6f7',
      textColor: text,
      activeTextColor: dark ? '#7ab8ff' : '#0b5cab',
      groupItems: {
        activeBackgroundColor: dark ? '#2f3033' : '#e3e6ea',
        activeTextColor: text,
        textTransform: 'uppercase',
      },
      level1Items: {
        activeBackgroundColor: dark ? '#2f3033' : '#e3e6ea',
        activeTextColor: text,
        textTransform: 'none',
      },
      arrow: { size: '1.5em', color: secondary },
    },
    rightPanel: {
      backgroundColor: '#1f2329',
      textColor: '#ffffff',
      servers: { overlay: { backgroundColor: '#2b3038', textColor: '#ffffff' }, url: { backgroundColor: '#11161c' } },
    },
    codeBlock: { backgroundColor: '#11161c' },
  };
}
