// A step of src/main.tsx's start: importing this runs the chunk of the router (vite.config.ts), in a
// task of its own (with the query cache and tRPC in one, it was the start's longest task).
export { createBrowserRouter } from 'react-router';
