// The writing guide has nothing other features use: its screen is reached through pages/guide.tsx.
export {};
