// The blog application module (issue 4).
export const appName = 'blog';
