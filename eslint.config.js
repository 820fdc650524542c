// ESLint flat config. Import boundaries are rules here, not prose (STYLE.md rule 2 and 10):
// - contracts/ imports only zod;
// - web/ never imports server/ (and server never imports web/);
// - a feature never imports another feature's insides (server/src/features/*, web/src/features/*).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/** Reports a relative import that leaves its own feature folder for another feature's folder. */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cross:
        "Feature '{{from}}' must not import feature '{{to}}' ({{source}}). Combine features in app.ts or web/src/app, or use events.",
    },
  },
  create(context) {
    const file = context.filename;
    const match = /[\\/](server[\\/]src|web[\\/]src)[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file);
    if (!match) return {};
    const root = file.slice(0, match.index + match[0].length - match[2].length - 2);
    const own = match[2];
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      if (!target.startsWith(root + path.sep)) return;
      const other = target.slice(root.length + 1).split(path.sep)[0];
      if (other && other !== own) context.report({ node, messageId: 'cross', data: { from: own, to: other, source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Reports `event.currentTarget` read inside a function nested in the handler that received the
 * event (a state updater, a timer, a promise callback): React clears `currentTarget` once the
 * handler returns, so `setX((previous) => ({ ...previous, a: event.currentTarget.value }))`
 * crashes when React runs the updater later. Read the value into a constant first.
 */
const noDeferredCurrentTarget = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      deferred:
        "'{{name}}.currentTarget' is read inside a nested function (e.g. a state updater); React has cleared it by then. Read it into a constant in the handler first.",
    },
  },
  create(context) {
    const isFunction = (node) =>
      node.type === 'ArrowFunctionExpression' ||
      node.type === 'FunctionExpression' ||
      node.type === 'FunctionDeclaration';
    return {
      'MemberExpression[property.name="currentTarget"][object.type="Identifier"]'(node) {
        let scope = context.sourceCode.getScope(node);
        let variable = null;
        while (scope && !variable) {
          variable = scope.set.get(node.object.name) ?? null;
          scope = scope.upper;
        }
        const definition = variable?.defs[0];
        if (!definition || definition.type !== 'Parameter') return;
        const handler = definition.node;
        for (let current = node.parent; current && current !== handler; current = current.parent) {
          if (isFunction(current)) {
            context.report({ node, messageId: 'deferred', data: { name: node.object.name } });
            return;
          }
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: {
      parley: {
        rules: { 'feature-boundaries': featureBoundaries, 'no-deferred-current-target': noDeferredCurrentTarget },
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'parley/feature-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['contracts/**/*.ts'],
    ignores: ['contracts/**/*.test.ts', 'contracts/vitest.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./|\\.\\./).*', message: 'contracts/ imports only zod.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'parley/no-deferred-current-target': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^@parley/server)|(/server/)', message: 'The web app never imports server code.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^@parley/web)|(/web/src/)', message: 'The server never imports web code.' }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
