import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { noChunkCycles } from './build/chunkCycles.ts';
import { codeFilesByName } from './build/codeFilesByName.ts';
import { preloadOnStart } from './build/preloadOnStart.ts';
import { signedInChunks } from './build/signedInChunks.ts';

// The dev server hands API calls to the API server (`npm run serve` or the dev server's own
// back end), on API_PORT or PORT, 8080 by default. With a VITE_API_BASE prefix the app calls
// `<prefix>/api/...`; the proxy takes the prefix off again, as a production reverse proxy would.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const apiBase = (env.VITE_API_BASE ?? '').replace(/\/+$/, '');
  const target = `http://127.0.0.1:${env.API_PORT || env.PORT || '8080'}`;
  const proxied = (path: string) => ({
    [`${apiBase}${path}`]: {
      target,
      changeOrigin: true,
      rewrite: (url: string) => (apiBase && url.startsWith(apiBase) ? url.slice(apiBase.length) : url),
    },
  });

  // a package's script other than antd's own (whose components import these, and never the other
  // way); a package's style sheet goes with the page's, rather than make a file of its own
  const LIBRARY_NOT_ANTD = /[\\/]node_modules[\\/](?!antd[\\/])(?!.*\.css($|\?))/;
  const NODE_MODULES = /[\\/]node_modules[\\/]/;
  // antd's foundations and the small components its others are made of
  const SHELL_BASE =
    /[\\/]node_modules[\\/]antd[\\/]es[\\/](_util|theme|style|config-provider|locale|button|tooltip|popover|space|grid|badge|avatar)[\\/]/;
  // react-table, the virtualiser and antd's icons, under the list page's table
  const LIST_TABLE_LIBRARIES = /[\\/]node_modules[\\/]@(tanstack|ant-design[\\/]icons(-svg)?)[\\/]/;
  // the date picker: antd's component, its engine and the dayjs plugins it loads
  const LIST_DATES =
    /[\\/]node_modules[\\/](antd[\\/]es[\\/](date-picker|time-picker|calendar)|@rc-component[\\/]picker|dayjs[\\/](esm[\\/])?plugin)[\\/]/;
  // the form and its library (RJSF), loaded when a form first opens: a chunk of their own, which the
  // list page's and its dialogs' walks leave for it
  const FORM_CODE = /[\\/]runtime[\\/]ui[\\/]ResourceForm\.tsx$|[\\/]node_modules[\\/]@rjsf[\\/]/;
  // what the entry runs first, what the sign-in page needs, and what every signed-in page does and
  // the sign-in page does not
  const chunks = signedInChunks({
    root: process.cwd(),
    start: 'src/main.tsx',
    signIn: ['src/app/mountApp.tsx', 'src/views/login/index.tsx'],
    // the shell and the home page every sign-in lands on; antd's Chinese texts (Chinese is the default)
    shell: ['src/layout/Layout.tsx', 'src/views/dashboard/index.tsx'],
    shellPackages: [/node_modules[\\/]antd[\\/]locale[\\/]zh_CN\.js$/],
    // the generated list page, which most pages are, and the form it opens when asked (RJSF, the
    // form's own controls: a chunk apart, which bench:bundle checks): one chunk each rather than 37 files,
    // whose requests the route list's arrival started in a task of 40-60 ms (docs/benchmarks.md,
    // "Tree tables")
    pages: {
      list: {
        files: ['src/views/resource/ResourceView.tsx'],
        apart: FORM_CODE,
      },
      // the list page's dialogs (the form's drawer, the action form, the import, the recycle bin),
      // loaded as the pointer or the focus reaches the toolbar or a row's actions
      // (runtime/ui/LazyListDialogs.tsx): a chunk apart from the list's, which every list page
      // compiles on its opening
      dialogs: {
        files: [
          'runtime/ui/ResourceFormDrawer.tsx',
          'runtime/ui/ActionFormModal.tsx',
          'runtime/ui/ImportDialog.tsx',
          'runtime/ui/RecycleBin.tsx',
        ],
        apart: FORM_CODE,
      },
      ResourceForm: { files: ['runtime/ui/ResourceForm.tsx'] },
    },
    // every view is a chunk of its own, loaded on demand
    never: /[\\/]src[\\/]views[\\/]/,
  });
  // the generated list page's modules, which its five files (below) share out
  const inList = chunks.inPage('list');

  return {
    // .gz and .br beside every text file of the build: the server sends them as they are
    // (server/plugins/static.ts), so compression costs nothing per request
    plugins: [
      chunks.plugin,
      preloadOnStart(process.cwd(), ['src/app/mountApp.tsx']),
      // the shell's files and the list page's, by the names the router knows them by
      // (src/router/views.tsx): a reload compiles them a frame before it imports them
      codeFilesByName(process.cwd(), {
        shell: 'src/layout/Layout.tsx',
        list: 'src/views/resource/ResourceView.tsx',
      }),
      react(),
      noChunkCycles(),
      compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' }),
    ],
    // relative asset paths: the built app works wherever it is mounted (hash routing needs no server routes)
    base: './',
    // Every view is its own chunk through React.lazy. The libraries every page starts with, what
    // the sign-in page adds, and what every signed-in page adds (the shell) go in a few chunks of
    // their own rather than dozens of small shared ones: a browser fetches six files at a time
    // from one host, and the first render waits for all of them (docs/benchmarks.md, "Bundle").
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // the largest chunk is the list page's (the table, the filters' controls and the antd
      // controls the form shares with them: about 720 kB, 230 kB gzipped); the form library's
      // (about 410 kB) loads only when a form opens, and bench:bundle keeps it out of the sign-in
      // and dashboard pages
      chunkSizeWarningLimit: 900,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
                priority: 30,
              },
              {
                // what antd's icons stand on, which the sign-in page's icons need too; a group of its
                // own, or the core group below would take it along and the sign-in page with it
                name: 'antd-util',
                test: /node_modules[\\/](@rc-component[\\/]util|@ant-design[\\/](colors|fast-color)|@babel[\\/]runtime|clsx|classnames)[\\/]/,
                priority: 28,
              },
              {
                // antd's own core (styles in JS, motion, overlays), which every antd component needs;
                // not what the icons need, which the plain sign-in page shows
                name: 'antd-core',
                test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils)|@rc-component[\\/](motion|trigger|portal|resize-observer|context)|stylis|@emotion[\\/][a-z-]+)[\\/]/,
                priority: 25,
              },
              {
                name: 'data',
                test: /node_modules[\\/](axios|@tanstack[\\/](query-core|react-query)|zustand|js-cookie)[\\/]/,
                priority: 20,
              },
              {
                // what the entry imports statically, the app's first part (src/main.tsx): its stores,
                // session, router and HTTP client; never react-dom's client, which the entry
                // prepares later in a task of its own
                name: 'app',
                test: chunks.inStart,
                priority: 16,
              },
              {
                // what the app's root and the sign-in page add (the page's icons, the language
                // switch), imported once the app's first part has run: one file, kept out
                // of the signed-in group below, which would otherwise take them along as its
                // dependencies and the sign-in page with them
                name: 'sign-in',
                test: chunks.inSignIn,
                priority: 14,
              },
              {
                // the libraries under the shell (antd's icons, rc-component's menu, form and
                // notices, dayjs): about half its code, a file apart for the reason the list page's
                // libraries are (below)
                name: 'signed-in-libraries',
                test: (id: string) => chunks.inShell(id) && LIBRARY_NOT_ANTD.test(id),
                priority: 12,
              },
              {
                // antd's foundations under the shell (its theme, styles, configuration and texts)
                // and the small components the others are made of: with what they import, about
                // half of antd's code in the shell, a file apart so that a reload compiles the
                // shell's antd in two tasks, not one of 40-50 ms on a slow machine; taken before
                // the group below, it imports nothing of it (build/chunkCycles.ts)
                name: 'signed-in-base',
                test: (id: string) => chunks.inShell(id) && SHELL_BASE.test(id),
                priority: 11,
              },
              {
                // what every signed-in page needs and the sign-in page does not: the shell, the antd
                // components and icons it and the home page use, dayjs, antd's Chinese texts. One
                // file, fetched beside the page's own code and data after sign-in
                name: 'signed-in',
                test: chunks.inShell,
                priority: 10,
              },
              // What the generated list page adds to the shell, in five files, so that a reload, or a
              // page opened from the menu after one, compiles it in five tasks a frame apart, none
              // of 40-60 ms on a slow machine (src/app/compileAhead.ts, docs/benchmarks.md, "Tree
              // tables"). A group takes the modules its test names with what they import, unless a
              // group before it took those: so the layers go from the bottom up, each file
              // importing only those above it here (and the shell's). Two files importing each
              // other could have their modules evaluated out of order (rolldown/rolldown#7449),
              // which the build refuses (build/chunkCycles.ts).
              {
                // react-table, the virtualiser and antd's icons
                name: 'list-table-libraries',
                test: (id: string) => inList(id) && LIST_TABLE_LIBRARIES.test(id),
                priority: 9,
              },
              {
                // rc-component's controls (select, tree, the virtual list, inputs, pagination)
                name: 'list-libraries',
                test: (id: string) => inList(id) && LIBRARY_NOT_ANTD.test(id) && !LIST_DATES.test(id),
                priority: 8,
              },
              {
                // antd's components the list page adds (the form, its inputs and selects, the
                // pagination, tags, spinners), which the form uses too
                name: 'list',
                test: (id: string) => inList(id) && NODE_MODULES.test(id) && !LIST_DATES.test(id),
                priority: 7,
              },
              {
                // the date picker, antd's and its engine, with dayjs's plugins: it imports antd's
                // other components, which never import it
                name: 'list-dates',
                test: (id: string) => inList(id) && LIST_DATES.test(id),
                priority: 6,
              },
              {
                // the list page's own modules (the table, the filter bar, the toolbar)
                name: 'list-app',
                test: inList,
                priority: 5,
              },
              {
                // what the list page's dialogs add to it: the drawer the form opens in, its
                // revisions, the import, the recycle bin (runtime/ui/LazyListDialogs.tsx)
                name: 'dialogs',
                test: chunks.inPage('dialogs'),
                priority: 2,
              },
              {
                // the form library and the form's own controls, loaded when a form first opens
                // (runtime/ui/LazyResourceForm.tsx)
                name: 'ResourceForm',
                test: chunks.inPage('ResourceForm'),
                priority: 1,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        ...proxied('/api'),
        ...proxied('/common'),
        // stored image addresses are /uploads/<name> whatever the API prefix (docs/api.md "Files")
        '/uploads': { target, changeOrigin: true },
      },
    },
  };
});
