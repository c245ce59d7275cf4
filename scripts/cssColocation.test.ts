// Styles travel with their component (ARCHITECTURE §8, issue 34): no module of src/ names a class
// whose styles it does not load itself or that is not always loaded. Before this check, the
// timeline's "Add to album" dialog and its "New album" form had their styles in the albums
// page's chunk, and so looked unstyled until /albums had been opened once.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findUnloadedStyles,
  globalRulesOutside,
  namedClasses,
  selectorClasses,
  staticImports,
  stylesheetSelectors,
} from './cssColocation';

/** A small src/ tree in a temp dir: file path → text. */
function tree(files: Record<string, string>): string {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'css-colocation-')), 'src');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('the parts of the check', () => {
  it('reads a selector into the classes of its subject and of the rest', () => {
    expect(selectorClasses('.carousel .ui-button:hover')).toEqual({
      subject: ['ui-button'],
      context: ['carousel'],
    });
    expect(selectorClasses('.a.b > .c:not(.d *)')).toEqual({ subject: ['c'], context: ['a', 'b'] });
    expect(selectorClasses(':is(.x, .y) span')).toEqual({ subject: [], context: ['x', 'y'] });
  });

  it("lists a stylesheet's selectors inside @media, not @keyframes' steps or declarations", () => {
    const css = `/* .comment { } */
      .a, .b .c { background: url('x.png'); width: 0.5px }
      @media (max-width: 599px) { .d { color: red } }
      @keyframes spin { from { opacity: 0 } to { opacity: 1 } }
      dialog[open] { margin: 0 }`;
    expect(stylesheetSelectors(css)).toEqual([
      { text: '.a', subject: ['a'], context: [] },
      { text: '.b .c', subject: ['c'], context: ['b'] },
      { text: '.d', subject: ['d'], context: [] },
      { text: 'dialog[open]', subject: [], context: [] },
    ]);
  });

  it('finds class names where classes are written, not in other strings', () => {
    const source = `
      const classes = ['ui-button', \`ui-button--\${variant}\`];
      export const id = 'carousel';
      t('albums.title');
      export function A({ open }) {
        return <div className={open ? 'menu menu--open' : 'menu'} data-testid="menu-list">
          <span className={\`chip\${on ? ' chip--on' : ''}\`} />
        </div>;
      }`;
    expect(namedClasses(source).sort()).toEqual(
      ['chip', 'chip--on', 'menu', 'menu--open', 'ui-button', 'ui-button--*'].sort(),
    );
  });

  it('follows static imports only (not import type, not import())', () => {
    const source = `import './A.css';
      import type { X } from './x';
      import { y } from '../y';
      export { z } from './z';
      const Lazy = lazy(() => import('./Lazy'));`;
    expect(staticImports(source)).toEqual(['./A.css', '../y', './z']);
  });
});

describe('findUnloadedStyles', () => {
  it('reports a component styled by a stylesheet that only another route loads (the check can fail)', () => {
    const root = tree({
      'main.tsx': "import './app.css';\nimport { Shell } from './Shell';",
      'app.css': '.shell { display: flex }',
      'Shell.tsx': "export const Shell = () => <div className='shell' />;",
      'albums/AlbumsPage.tsx': "import './Albums.css';\nimport { Dialog } from './Dialog';",
      'albums/Albums.css': '.albums { margin: 0 }\n.form__field { display: grid }',
      'albums/Dialog.tsx': "export const Dialog = () => <form className='form__field' />;",
    });
    expect(findUnloadedStyles(root, path.join(root, 'main.tsx'))).toEqual([
      {
        module: 'src/albums/Dialog.tsx',
        className: 'form__field',
        missing: ['src/albums/Albums.css'],
      },
    ]);
  });

  it('passes a component that imports its own stylesheet, or uses only always-loaded ones', () => {
    const root = tree({
      'main.tsx': "import './app.css';",
      'app.css': '.muted { color: gray }',
      'albums/Dialog.css': '.form__field { display: grid }\n.page .form__field { gap: 0 }',
      'albums/Dialog.tsx':
        "import './Dialog.css';\nexport const D = () => <p className='form__field muted' />;",
    });
    expect(findUnloadedStyles(root, path.join(root, 'main.tsx'))).toEqual([]);
  });

  it('finds every stylesheet rule of a lazily loaded sheet that names no class', () => {
    const root = tree({
      'main.tsx': "import './app.css';",
      'app.css': 'body { margin: 0 }',
      'Page.tsx': "import './Page.css';",
      'Page.css': '.page { margin: 0 }\ndialog button { color: white }',
    });
    expect(globalRulesOutside(root, path.join(root, 'main.tsx'))).toEqual([
      { sheet: 'src/Page.css', selector: 'dialog button' },
    ]);
  });
});

describe('src/', { timeout: 120_000 }, () => {
  const root = path.resolve('src');
  const entry = path.join(root, 'main.tsx');

  it('every class a module names is styled by CSS it loads, or by CSS always loaded', () => {
    expect(findUnloadedStyles(root, entry)).toEqual([]);
  });

  it('a stylesheet that loads with a route styles through classes only (no bare element rules)', () => {
    expect(globalRulesOutside(root, entry)).toEqual([]);
  });
});
