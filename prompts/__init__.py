"""kagent.prompts"""
