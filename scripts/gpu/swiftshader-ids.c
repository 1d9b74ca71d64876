/* A Vulkan layer that presents a CPU device (lavapipe) with SwiftShader's vendor and device ids, so that
   Chromium's WebGPU (Dawn) offers it as its software adapter. Test machinery only (scripts/ensure-gpu.sh). */
#include <string.h>
#include <vulkan/vulkan.h>
#include <vulkan/vk_layer.h>

static PFN_vkGetInstanceProcAddr next_gipa;
static PFN_vkGetDeviceProcAddr next_gdpa;
static PFN_vkGetPhysicalDeviceProperties next_props;
static PFN_vkGetPhysicalDeviceProperties2 next_props2;
static PFN_vkGetPhysicalDeviceProperties2 next_props2khr;

static void present_as_swiftshader(VkPhysicalDeviceProperties *p) {
  p->vendorID = 0x1AE0;
  p->deviceID = 0xC0DE;
}

static VKAPI_ATTR void VKAPI_CALL layer_props(VkPhysicalDevice d, VkPhysicalDeviceProperties *p) {
  next_props(d, p);
  present_as_swiftshader(p);
}
static VKAPI_ATTR void VKAPI_CALL layer_props2(VkPhysicalDevice d, VkPhysicalDeviceProperties2 *p) {
  next_props2(d, p);
  present_as_swiftshader(&p->properties);
}
static VKAPI_ATTR void VKAPI_CALL layer_props2khr(VkPhysicalDevice d, VkPhysicalDeviceProperties2 *p) {
  next_props2khr(d, p);
  present_as_swiftshader(&p->properties);
}

static VKAPI_ATTR VkResult VKAPI_CALL layer_create_instance(const VkInstanceCreateInfo *ci, const VkAllocationCallbacks *a, VkInstance *out) {
  VkLayerInstanceCreateInfo *link = (VkLayerInstanceCreateInfo *)ci->pNext;
  while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_INSTANCE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO))
    link = (VkLayerInstanceCreateInfo *)link->pNext;
  if (!link) return VK_ERROR_INITIALIZATION_FAILED;
  next_gipa = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
  link->u.pLayerInfo = link->u.pLayerInfo->pNext;
  PFN_vkCreateInstance create = (PFN_vkCreateInstance)next_gipa(VK_NULL_HANDLE, "vkCreateInstance");
  VkResult r = create(ci, a, out);
  if (r != VK_SUCCESS) return r;
  next_props = (PFN_vkGetPhysicalDeviceProperties)next_gipa(*out, "vkGetPhysicalDeviceProperties");
  next_props2 = (PFN_vkGetPhysicalDeviceProperties2)next_gipa(*out, "vkGetPhysicalDeviceProperties2");
  next_props2khr = (PFN_vkGetPhysicalDeviceProperties2)next_gipa(*out, "vkGetPhysicalDeviceProperties2KHR");
  return VK_SUCCESS;
}

static VKAPI_ATTR VkResult VKAPI_CALL layer_create_device(VkPhysicalDevice pd, const VkDeviceCreateInfo *ci, const VkAllocationCallbacks *a, VkDevice *out) {
  VkLayerDeviceCreateInfo *link = (VkLayerDeviceCreateInfo *)ci->pNext;
  while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_DEVICE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO))
    link = (VkLayerDeviceCreateInfo *)link->pNext;
  if (!link) return VK_ERROR_INITIALIZATION_FAILED;
  PFN_vkGetInstanceProcAddr gipa = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
  next_gdpa = link->u.pLayerInfo->pfnNextGetDeviceProcAddr;
  link->u.pLayerInfo = link->u.pLayerInfo->pNext;
  PFN_vkCreateDevice create = (PFN_vkCreateDevice)gipa(VK_NULL_HANDLE, "vkCreateDevice");
  return create(pd, ci, a, out);
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL fc_GetDeviceProcAddr(VkDevice d, const char *name) {
  return next_gdpa(d, name);
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL fc_GetInstanceProcAddr(VkInstance i, const char *name) {
  if (!strcmp(name, "vkGetInstanceProcAddr")) return (PFN_vkVoidFunction)fc_GetInstanceProcAddr;
  if (!strcmp(name, "vkGetDeviceProcAddr")) return (PFN_vkVoidFunction)fc_GetDeviceProcAddr;
  if (!strcmp(name, "vkCreateInstance")) return (PFN_vkVoidFunction)layer_create_instance;
  if (!strcmp(name, "vkCreateDevice")) return (PFN_vkVoidFunction)layer_create_device;
  if (!strcmp(name, "vkGetPhysicalDeviceProperties")) return (PFN_vkVoidFunction)layer_props;
  if (!strcmp(name, "vkGetPhysicalDeviceProperties2")) return (PFN_vkVoidFunction)layer_props2;
  if (!strcmp(name, "vkGetPhysicalDeviceProperties2KHR")) return (PFN_vkVoidFunction)layer_props2khr;
  return next_gipa ? next_gipa(i, name) : NULL;
}
