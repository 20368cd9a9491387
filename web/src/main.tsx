import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createApolloClient } from './apollo';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <ApolloProvider client={createApolloClient()}>
      <App />
    </ApolloProvider>
  </StrictMode>,
);
