import './mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App } from './App';

// The page's CSP forbids eval; without this zod probes `new Function` once and Chromium logs a violation.
// Set through zod's core (the same settings `z.config` writes) so the shell does not pull in all of zod.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
