// Style sheets imported for their side effect: esbuild bundles them into the site's CSS.
declare module '*.css';
