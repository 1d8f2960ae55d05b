import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExplorerLayout } from './components/ExplorerLayout';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ExplorerLayout />
  </StrictMode>,
);
