Feature: money
