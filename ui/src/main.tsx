import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExplorerLayout } from './components/ExplorerLayout';
import { SignInGate } from './components/SignInGate';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SignInGate>
      <ExplorerLayout />
    </SignInGate>
  </StrictMode>,
);
