import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionFromUrl } from './api';
import { DomGrid } from './DomGrid';
import './style.css';

const session = sessionFromUrl(location.search);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DomGrid session={session} />
  </StrictMode>,
);
