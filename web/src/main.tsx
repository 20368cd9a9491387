import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApolloClient } from './apollo';
import { preloadScreen } from './app/screens';
import { AppRoutes } from './router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const client = createApolloClient();
preloadScreen(window.location.pathname, client);

createRoot(root).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <AppRoutes />
    </ApolloProvider>
  </StrictMode>,
);
