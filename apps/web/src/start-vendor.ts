// A step of src/main.tsx's start: importing this runs the chunk of the query cache and tRPC
// (vite.config.ts), in a task of its own.
export { QueryClient } from '@tanstack/react-query';
