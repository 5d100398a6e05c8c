// What the rest of the client uses of uploads: the form that uploads a picture or banner.
export { ImageUploadForm } from './image-upload-form';
