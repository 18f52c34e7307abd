import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = dirname(new URL(import.meta.url).pathname);
// The package exports no package.json: find its folder from its entry point.
const entry = createRequire(import.meta.url).resolve('@mantine/core');
const stylesDir = join(entry.slice(0, entry.lastIndexOf('/@mantine/core/') + '/@mantine/core/'.length), 'styles');

/** Components without a stylesheet of their own, drawn by ones that have one. */
const BUILT_ON: Record<string, string[]> = {
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  MultiSelect: ['Combobox', 'Input', 'Popover', 'ScrollArea', 'Pill', 'PillsInput'],
  TagsInput: ['Combobox', 'Input', 'Popover', 'ScrollArea', 'Pill', 'PillsInput'],
  Autocomplete: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  NativeSelect: ['Input'],
  FileInput: ['Input'],
  JsonInput: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  NumberInput: ['Input'],
  ColorInput: ['Input', 'ColorPicker', 'ColorSwatch', 'Popover'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Menu: ['Popover', 'UnstyledButton'],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  Switch: ['InlineInput'],
  Radio: ['InlineInput', 'RadioIndicator'],
  Anchor: ['Text'],
  Card: ['Paper'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every name imported from @mantine/core anywhere in the app. */
function usedComponents(): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
    )) {
      for (const name of (match[1] ?? '').split(',')) {
        const bare = name
          .replace(/^\s*type\s+/, '')
          .split(' as ')[0]
          ?.trim();
        if (bare) used.add(bare);
      }
    }
  }
  return used;
}

describe('Mantine styles', () => {
  it('imports the stylesheet of every Mantine component the app uses, and what those are built on', () => {
    const imported = readFileSync(join(src, 'mantine-styles.ts'), 'utf8');
    const missing: string[] = [];
    for (const name of usedComponents()) {
      for (const needed of [name, ...(BUILT_ON[name] ?? [])]) {
        if (!existsSync(join(stylesDir, `${needed}.css`))) continue;
        if (!imported.includes(`'@mantine/core/styles/${needed}.css'`)) missing.push(`${needed} (for ${name})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the stylesheets in the order of the full Mantine stylesheet', () => {
    const full = readFileSync(join(dirname(stylesDir), 'styles.css'), 'utf8');
    const names = [
      ...readFileSync(join(src, 'mantine-styles.ts'), 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g),
    ].map((m) => m[1] ?? '');
    // Where each file's first rule sits in the full stylesheet.
    const positions = names.map((name) =>
      full.indexOf(
        readFileSync(join(stylesDir, `${name}.css`), 'utf8')
          .trim()
          .slice(0, 200),
      ),
    );
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
