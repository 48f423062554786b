import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { useSession } from '@/lib/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

// A session restored from local storage is confirmed with the server before permissions count.
void useSession.getState().confirm();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
