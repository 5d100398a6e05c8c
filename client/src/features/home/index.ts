// Home has nothing other features use: its screen is reached through pages/home.tsx.
export {};
