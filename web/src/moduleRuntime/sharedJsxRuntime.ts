// What the page's import map names `react/jsx-runtime`: the shell's own, what a bundle's JSX compiles to.
export { Fragment, jsx, jsxs } from 'react/jsx-runtime';
