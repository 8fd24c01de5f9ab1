/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** the product's API prefix put in front of every path the app calls */
  readonly VITE_API_BASE?: string;
}
